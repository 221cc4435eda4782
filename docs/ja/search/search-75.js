(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75.js"]={"u":"o;oa/fa/g<$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$6&&&&&&&&&&&&&&&`3j/`3aaGvh/va/uwGfC+7e+jt;egSn7e7"};
