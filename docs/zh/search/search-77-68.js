(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-68.js"]={"what":"}oa;eg/","whe":"}oa;","wher":"}oa;","where":"bc+qea+qa+yl/","whole":"ama+"};
