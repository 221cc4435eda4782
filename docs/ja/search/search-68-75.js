(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hu":"du/","huang":"hy/","huber":"efa/m/","human":"sea/","hutter":"qca/"};
